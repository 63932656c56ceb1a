/**
 * Who acts, for services: the guild and the signed-in user of a request behind memberChain
 * (`actorOf` in server/auth/guards.ts builds it). Services take it instead of the request.
 */
export type GuildActor = {
  guildId: string
  userId: string
  /** Their display name as the session read it: a queue write's undo names who acted (contract/queues.ts). */
  name: string
}
