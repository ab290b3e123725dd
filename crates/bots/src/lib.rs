//! eons-bots (under construction).
