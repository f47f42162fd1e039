-- Sign-ins under way last ten minutes; those begun before a flow was tied to its browser cannot finish.
DELETE FROM "identity_flows";--> statement-breakpoint
ALTER TABLE "identity_flows" ADD COLUMN "browser_hash" text NOT NULL;