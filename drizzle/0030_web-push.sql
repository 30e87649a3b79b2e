CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "new_dates_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "tour_changes_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "reminders_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "trip_shows_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "on_sale_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "on_sale_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "on_sale_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_start_minute" smallint;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_end_minute" smallint;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "quiet_time_zone" text;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "push" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "push_key" text;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "push_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_notifications_push_due_idx" ON "user_notifications" USING btree ("push_after") WHERE "user_notifications"."push" and "user_notifications"."pushed_at" is null;--> statement-breakpoint
CREATE INDEX "user_notifications_push_key_idx" ON "user_notifications" USING btree ("user_id","push_key") WHERE "user_notifications"."push";