import { Migration } from '@mikro-orm/migrations';

/**
 * A member's photo (issue 43, decision 372): one row per member, the 256 px JPEG the gateway made of the
 * upload, kept here and not among the public uploads (a face is personal data). `version` is drawn from
 * one sequence at every change, never used twice (not even after a removal), so a signed URL of an
 * earlier photo never serves a later one. Removed with the member (merge
 * deletes the other row) and by erasure, in its transaction.
 */
export class Migration0008MemberPhotos extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence member_photo_versions as integer');
    this.addSql(`create table member_photos (
      member_id uuid primary key references members (id) on delete cascade,
      content bytea not null,
      content_type text not null,
      version integer not null default nextval('member_photo_versions') check (version > 0),
      updated_at timestamptz not null default now()
    )`);
  }
}
