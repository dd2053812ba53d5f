-- Single sign-on through OpenID Connect (issue 38, decisions 204-205): an account's identities at the provider
-- (issuer + subject), the sign-ins under way (state hash, nonce, PKCE verifier; ten minutes, spent once), and
-- accounts without a password (made by single sign-on).
CREATE TABLE "sso_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"time_zone" text,
	"language" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_states_purpose" CHECK ("sso_states"."purpose" IN ('sign-in', 'link'))
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_states" ADD CONSTRAINT "sso_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_states_user_id_idx" ON "sso_states" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_idx" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_user_issuer_idx" ON "user_identities" USING btree ("user_id","issuer");