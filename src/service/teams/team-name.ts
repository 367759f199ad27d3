/** A new user's team: "<full_name>'s team", or "<local part of the e-mail>'s team" without a name. */
export function defaultTeamName(fullName: string, email: string): string {
  const owner = fullName.trim() || email.split('@')[0] || email;
  return `${owner}'s team`.slice(0, 200);
}
