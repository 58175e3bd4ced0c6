% spec: 004 §2.2.4 "Fixed sized datatypes" (reference manual excerpt)
% repaired: the "..." line standing for omitted code is a comment
% run: exec
% example: type parameters in size constraints
function [] = color_transform[P : int](im_in : cube(:,:,P), im_out : cube(:,:,P))
    % ...
endfunction
