-- Provenance of market rows (DESIGN §9): every daily candle records who produced it and when.
ALTER TABLE "daily_candles" ADD COLUMN "source" text NOT NULL DEFAULT 'demo';--> statement-breakpoint
ALTER TABLE "daily_candles" ADD COLUMN "fetched_at" timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
ALTER TABLE "daily_candles" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "daily_candles" ALTER COLUMN "fetched_at" DROP DEFAULT;--> statement-breakpoint
-- Candles written before this migration cannot say where they came from. A server that has
-- reached CoinGecko (some cache row says so) may hold simulated history written during an
-- outage, so its candles are dropped and re-fetched; a server that never did holds only the
-- snapshot's, which stay as demo rows (the default above).
DELETE FROM "daily_candles"
  WHERE EXISTS (SELECT 1 FROM "market_cache" WHERE "source" = 'coingecko');--> statement-breakpoint
DELETE FROM "market_cache" WHERE "source" = 'snapshot'
  AND EXISTS (SELECT 1 FROM "market_cache" WHERE "source" = 'coingecko');--> statement-breakpoint
UPDATE "market_cache" SET "source" = 'demo' WHERE "source" = 'snapshot';--> statement-breakpoint
-- The server's market mode: present means it has been live, and demo data is never read again.
INSERT INTO "market_cache" ("key", "payload", "source", "fetched_at")
  SELECT 'market:mode', jsonb_build_object('mode', 'live'), 'coingecko', max("fetched_at")
  FROM "market_cache" WHERE "source" = 'coingecko'
  HAVING count(*) > 0
  ON CONFLICT ("key") DO NOTHING;
