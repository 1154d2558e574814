/** Known crawler user agents: they get the status without the error page (spec §4) and a fully rendered page. */
const BOT = /bot\b|crawler|spider|crawling|slurp|facebookexternalhit|facebot|embedly|quora link preview|pinterest|whatsapp|telegrambot|discordbot|slackbot|linkedinbot|bingpreview|google-inspectiontool|googleother|lighthouse|headlesschrome/i;

export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && BOT.test(userAgent);
}
