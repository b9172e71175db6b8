import card from '../../components/CodeCard.module.css';
import own from './Fuzzion.module.css';

/** The merge screens' classes: the shared code card plus the few of their own (no name overlaps). */
const styles: Record<string, string> = { ...card, ...own };
export default styles;
