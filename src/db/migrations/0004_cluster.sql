-- 0004_cluster: hand-written SQL; separate statements with drizzle's statement-breakpoint marker line.
SELECT 1;
