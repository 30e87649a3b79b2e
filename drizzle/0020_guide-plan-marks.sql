CREATE TABLE "guide_plan_marks" (
	"scope" text PRIMARY KEY NOT NULL,
	"planned_through" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tour_stops_updated_idx" ON "tour_stops" USING btree ("updated_at");