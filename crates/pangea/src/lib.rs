//! eons-pangea (under construction).
