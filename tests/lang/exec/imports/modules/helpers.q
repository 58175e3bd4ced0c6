% A library module with a helper that programs commonly define themselves too.
function y = clip01(x)
    y = 0.5
end

function y = clip_all(x)
    y = clip01(x) + 10
end
