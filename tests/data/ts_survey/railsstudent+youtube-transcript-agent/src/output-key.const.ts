export const DESCRIPTION_KEY = 'youtube_description';
export const TRANSCRIPT_KEY = 'youtube_transcript';
export const HASHTAGS_KEY = 'youtube_hashtags';
export const TIMELINE_KEY = 'youtube_timeline';
export const RECIPIENT_EMAIL_KEY = 'recipient_email_address';
export const YOUTUBE_URL_KEY = 'youtube_url';
export const BLOG_POST_KEY = 'blog_post';
