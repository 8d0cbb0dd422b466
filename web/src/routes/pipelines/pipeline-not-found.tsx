import { Link } from '@tanstack/react-router';

/** What the pipeline's page and its editor say when the id names no pipeline (QueryState's `notFound`, decision 791). */
export const pipelineNotFound = {
  title: 'No pipeline with this id',
  action: (
    <Link to="/pipelines" className="text-[13px] text-primary hover:underline">
      Back to pipelines
    </Link>
  ),
};
