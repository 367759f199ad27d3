import { defineBackground } from 'wxt/utils/define-background';
import { startAgent } from '../src/agent/agent.js';

// The worker only wires the agent together; everything it does lives in src/agent/.
export default defineBackground(() => {
  startAgent();
});
