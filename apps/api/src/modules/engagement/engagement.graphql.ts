/**
 * The engagement module's GraphQL (issue 17), registered by graphql/schema.ts with one import:
 * back-in-stock requests, the newsletter and product reviews.
 */
import './availability.graphql.ts';
import './newsletter.graphql.ts';
import './reviews.graphql.ts';
