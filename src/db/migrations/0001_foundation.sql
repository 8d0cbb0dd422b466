-- 0001_foundation: hand-written SQL; separate statements with drizzle's statement-breakpoint marker line.
SELECT 1;
