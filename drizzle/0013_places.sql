CREATE TABLE "place_match_attempts" (
	"subject" text PRIMARY KEY NOT NULL,
	"tried_at" timestamp with time zone DEFAULT now() NOT NULL
);
