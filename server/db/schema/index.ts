export * from './auth'
export * from './guilds'
export * from './loot'
export * from './platform'
