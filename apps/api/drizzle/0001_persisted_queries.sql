CREATE TABLE "persisted_queries" (
	"hash" text PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
