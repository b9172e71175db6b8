import { afterEach, describe, expect, it } from 'vitest';
import { maintenanceOn, rememberMaintenanceFrom, setMaintenanceOn, takeMaintenanceFrom } from './maintenance';

afterEach(() => sessionStorage.clear());

describe('maintenance state', () => {
  it('follows what was last heard', () => {
    setMaintenanceOn(true);
    expect(maintenanceOn()).toBe(true);
    setMaintenanceOn(false);
    expect(maintenanceOn()).toBe(false);
  });

  it('goes back to the page maintenance interrupted, once, and never to another site', () => {
    rememberMaintenanceFrom('/security?tab=1');
    expect(takeMaintenanceFrom()).toBe('/security?tab=1');
    expect(takeMaintenanceFrom()).toBe('/');
    rememberMaintenanceFrom('/maintenance');
    expect(takeMaintenanceFrom()).toBe('/');
    sessionStorage.setItem('maintenance_from', '//evil.example/');
    expect(takeMaintenanceFrom()).toBe('/');
  });
});
