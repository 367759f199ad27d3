import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  acceptNetworkAccount,
  accountChange,
  networkAccountItem,
  noteNetworkAccount,
} from '../../../src/agent/network-account.js';
import type { NetworkSession } from '../../../src/network/types.js';

beforeEach(() => fakeBrowser.reset());

const session = (member_urn: string, full_name: string): NetworkSession => ({
  signed_in: true,
  member_urn,
  public_identifier: null,
  full_name,
  problem: null,
});
const grace = session('urn:li:fsd_profile:G', 'Grace Hopper');
const bob = session('urn:li:fsd_profile:B', 'Bob Borrower');

/** The popup says so when the network account differs from the one the member worked with. */
describe('the network account a member works with', () => {
  it('is the first one seen signed in; another one after it is a change until accepted', async () => {
    await noteNetworkAccount('u1', grace);
    await noteNetworkAccount('u1', bob);
    const known = await networkAccountItem.getValue();
    expect(accountChange(known, 'u1', grace)).toBeNull();
    expect(accountChange(known, 'u1', bob)).toEqual({
      before: 'Grace Hopper',
      now: 'Bob Borrower',
    });
    await acceptNetworkAccount('u1', bob);
    expect(accountChange(await networkAccountItem.getValue(), 'u1', bob)).toBeNull();
  });

  it('belongs to one member: another member signing in starts afresh; no session says nothing', async () => {
    await noteNetworkAccount('u1', grace);
    expect(accountChange(await networkAccountItem.getValue(), 'u2', bob)).toBeNull();
    await noteNetworkAccount('u2', bob);
    expect(await networkAccountItem.getValue()).toMatchObject({
      user_id: 'u2',
      name: 'Bob Borrower',
    });
    expect(
      accountChange(await networkAccountItem.getValue(), 'u2', { ...grace, signed_in: false }),
    ).toBeNull();
  });
});
