import { boot } from './app/boot';
import './app/styles.css';

void boot();
