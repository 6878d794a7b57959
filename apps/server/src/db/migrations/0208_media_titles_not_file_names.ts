import { type Kysely, sql } from "kysely";

// Decision 209: an upload sent without a typed title was titled with its file's name ('clip.mp4'),
// which the watch page, analytics and the media library then showed. A media item without a title
// goes by its product's title, so those titles are cleared: on media an admin uploaded
// (metadata.uploadedBy) or a shopper's approved video (metadata.submissionId), and on submissions,
// where the title ends in a media file's extension. The owner's uploaders never sent a title, and
// nobody types an extension into one.

const FILE_NAME = String.raw`\.(mp4|m4v|mov|qt|webm|mkv|avi|3gp|jpe?g|png|webp|gif|avif|heic|heif)$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update product_media set title = null
    where (metadata ? 'uploadedBy' or metadata ? 'submissionId') and title ~* ${FILE_NAME}`.execute(db);
  await sql`update media_submissions set title = null where title ~* ${FILE_NAME}`.execute(db);
}
