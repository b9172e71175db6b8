import { hostname } from 'node:os';
import { version } from '../../../package.json';

/** The release's version (the root package.json's, copied into the package): /healthz, logs, --version. */
export const VERSION: string = version;

/** Which instance wrote a log line or an error report: the pod name in Kubernetes, the host elsewhere. */
export const INSTANCE: string = process.env.HOSTNAME || hostname();
