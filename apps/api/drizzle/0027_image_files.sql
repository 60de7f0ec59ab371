CREATE TABLE "image_files" (
	"file_name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
