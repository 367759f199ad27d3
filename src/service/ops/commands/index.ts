import type { OpsCommand } from '../command.js';
import { helpCommand } from './help.js';
import { listTeamsCommand } from './list-teams.js';
import { rotateKeyCommand } from './rotate-key.js';
import { setNetworkMapCommand } from './set-network-map.js';
import { networkMapCommand } from './network-map.js';
import { networkHealthCommand } from './network-health.js';
import { setPlanCommand } from './set-plan.js';

/** Every operator command, in the order help lists them. */
export const OPS_COMMANDS: OpsCommand[] = [
  rotateKeyCommand,
  listTeamsCommand,
  setNetworkMapCommand,
  networkMapCommand,
  networkHealthCommand,
  setPlanCommand,
  helpCommand(() => OPS_COMMANDS),
];
