DROP INDEX "products_ranking_idx";--> statement-breakpoint
-- Search words are now posted per field of the document (`w<field><lexeme>`, was `w<lexeme>`):
-- postings of the old form are dropped and rebuilt in the background on the next list.
DELETE FROM "facet_postings";
