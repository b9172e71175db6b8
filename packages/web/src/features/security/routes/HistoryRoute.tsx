import { useId } from 'react';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { SessionList } from '../components/SessionList';
import { Timeline } from '../components/Timeline';

/** /security/history: every device and session, and the security timeline. */
export function HistoryRoute() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Page
      title={t('security.history.title')}
      intro={t('security.history.intro')}
      before={<Breadcrumbs current={t('security.breadcrumbs.history')} />}
    >
      <Card aria-labelledby={`${id}-devices`}>
        <h2 id={`${id}-devices`}>{t('security.history.devicesTitle')}</h2>
        <SessionList />
      </Card>
      <Card aria-labelledby={`${id}-timeline`}>
        <h2 id={`${id}-timeline`}>{t('security.history.timelineTitle')}</h2>
        <Timeline />
      </Card>
    </Page>
  );
}
