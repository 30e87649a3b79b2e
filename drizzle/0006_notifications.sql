CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"new_dates_in_app" boolean DEFAULT true NOT NULL,
	"new_dates_email" boolean DEFAULT false NOT NULL,
	"tour_changes_in_app" boolean DEFAULT true NOT NULL,
	"tour_changes_email" boolean DEFAULT false NOT NULL,
	"reminders_in_app" boolean DEFAULT true NOT NULL,
	"reminders_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"artist_slug" text,
	"dedupe_key" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_events_user_idx" ON "user_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_events_created_idx" ON "user_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_dedupe_key" ON "user_notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "user_notifications_user_recent_idx" ON "user_notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "user_notifications"."in_app";--> statement-breakpoint
CREATE INDEX "user_notifications_unread_idx" ON "user_notifications" USING btree ("user_id") WHERE "user_notifications"."in_app" and not "user_notifications"."read";--> statement-breakpoint
CREATE INDEX "user_notifications_digest_idx" ON "user_notifications" USING btree ("created_at") WHERE "user_notifications"."email" and "user_notifications"."emailed_at" is null;