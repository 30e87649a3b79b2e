CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"place_id" text,
	"place_label" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"radius_km" integer DEFAULT 50 NOT NULL,
	"arrive_on" date NOT NULL,
	"depart_on" date NOT NULL,
	"share_token" text,
	"search_state" text DEFAULT 'pending' NOT NULL,
	"searched_at" timestamp with time zone,
	"search_error" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_user_depart_idx" ON "trips" USING btree ("user_id","depart_on") WHERE "trips"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "trips_share_token_key" ON "trips" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "trips_arrive_idx" ON "trips" USING btree ("arrive_on") WHERE "trips"."deleted_at" is null;