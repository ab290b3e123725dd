//! eons-earth (under construction).
