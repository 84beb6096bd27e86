// Callback data of the /invites list's revoke buttons, built and parsed here only: `inv:x:<invite ID>`, where the
// ID is the invite's short ID (accounts/invites.ts), never its payload.
import { isInviteId } from '../../accounts/invites.ts';

/** The pattern grammY's callbackQuery() matches for invite buttons; read the data with parseInviteData. */
export const INVITE_DATA = /^inv:/;

/** The data of the button that revokes invite `id`. */
export function revokeInviteData(id: string): string {
  return `inv:x:${id}`;
}

/** The invite a revoke button names, or undefined for data of any other shape (forged or from an older bot). */
export function parseInviteData(data: string | undefined): { action: 'revoke'; id: string } | undefined {
  const match = data === undefined ? null : /^inv:x:([^:]+)$/.exec(data);
  const id = match?.[1];
  return id !== undefined && isInviteId(id) ? { action: 'revoke', id } : undefined;
}
