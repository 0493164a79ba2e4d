-- Every alert tick rewrites the state of the alerts it evaluates. Room left free on each page lets
-- those new row versions stay on their page (a heap-only update, with no new index entries), and
-- keeps the table from growing on a database nothing vacuums (PGlite).
ALTER TABLE "alerts" SET (fillfactor = 70);
