CREATE TABLE "facet_postings" (
	"catalogue_version" bigint NOT NULL,
	"key" text NOT NULL,
	"bits" bit varying NOT NULL,
	CONSTRAINT "facet_postings_catalogue_version_key_pk" PRIMARY KEY("catalogue_version","key")
);
