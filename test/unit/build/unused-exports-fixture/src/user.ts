import { usedName } from './module.js';

export default usedName;
