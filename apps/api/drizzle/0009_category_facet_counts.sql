CREATE TABLE "category_facet_counts" (
	"catalogue_version" bigint NOT NULL,
	"category_id" integer NOT NULL,
	"t" text NOT NULL,
	"k" text NOT NULL,
	"n" integer NOT NULL,
	"label" text,
	"grp" text,
	"o1" integer,
	"o2" integer,
	CONSTRAINT "category_facet_counts_category_id_catalogue_version_t_k_pk" PRIMARY KEY("category_id","catalogue_version","t","k")
);
