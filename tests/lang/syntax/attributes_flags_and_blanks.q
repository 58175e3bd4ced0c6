% run: dump
% pins: attributes with blanks after '{!', flag words, and a lone name
{!unroll}
{! kernel_fusion barrier }
{!kernel_transform enable="localwindow"}
{! kernel_tiling dims=auto; mode="global"; target="gpu"}
% expect: {!unroll}
% expect: {!kernel_fusion barrier}
% expect: {!kernel_transform enable="localwindow"}
% expect: {!kernel_tiling dims=auto mode="global" target="gpu"}
