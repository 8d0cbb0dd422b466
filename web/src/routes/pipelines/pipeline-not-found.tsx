import { TextLink } from '../../components/ui/text-link';

/** What the pipeline's page and its editor say when the id names no pipeline (QueryState's `notFound`, decision 791). */
export const pipelineNotFound = {
  title: 'No pipeline with this id',
  action: <TextLink to="/pipelines">Back to pipelines</TextLink>,
};
