import type { OperationDoc } from './operation-doc.js';

export const agentOperations: OperationDoc[] = [];
