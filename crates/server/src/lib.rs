//! eons-server (under construction).
