/** The guild's public page (APP_URL/guilds/slug): linked from announcements and from its calendar feed. */
export const publicPageUrl = (appUrl: string, slug: string) => `${appUrl}/guilds/${encodeURIComponent(slug)}`
