CREATE TABLE "artist_searches" (
	"artist_id" uuid PRIMARY KEY NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_plan_items" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"artist_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"position" integer NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "sync_plan_items_day_provider_artist_id_pk" PRIMARY KEY("day","provider","artist_id")
);
--> statement-breakpoint
ALTER TABLE "artist_searches" ADD CONSTRAINT "artist_searches_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_plan_items" ADD CONSTRAINT "sync_plan_items_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_plan_items_last_sync_idx" ON "sync_plan_items" USING btree ("provider","artist_id","day") WHERE "sync_plan_items"."done_at" is not null;