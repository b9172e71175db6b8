// What other parts of the server use of the sessions flow.
export { describeUserAgent } from './user-agent';
