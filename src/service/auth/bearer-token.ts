/** The agent token of `authorization: Bearer <token>`, if the header carries one. */
export const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
