CREATE TABLE "request_cooldowns" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_cooldowns_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE INDEX "request_cooldowns_last_idx" ON "request_cooldowns" USING btree ("last_at");