ALTER TABLE "connections" ALTER COLUMN "sealed_cursor" SET DATA TYPE text USING encode("sealed_cursor", 'base64');
