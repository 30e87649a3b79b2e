ALTER TABLE "stop_sources" ADD COLUMN "on_sale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stop_sources" ADD COLUMN "presale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stop_sources" ADD COLUMN "presale_name" text;--> statement-breakpoint
CREATE INDEX "stop_sources_on_sale_idx" ON "stop_sources" USING btree ("on_sale_at") WHERE "stop_sources"."on_sale_at" is not null;--> statement-breakpoint
CREATE INDEX "stop_sources_presale_idx" ON "stop_sources" USING btree ("presale_at") WHERE "stop_sources"."presale_at" is not null;