/**
 * The built-in personas shown on the home grid: the spec's ten fallback types and the six service categories of the
 * static pages. Seeded on start (upsert), so copy edits here reach every environment with the next deploy.
 */
export const BUILT_IN_SERVICE_TYPES = [
  { key: 'bazi', title: '八字命理', category: 'fortune', icon_name: 'CompassOutlined', color: '#b45309', feature: '四柱八字 · 大运流年', description: '依据出生时间排出四柱八字，从五行生克与大运流年的角度，陪你聊聊性格特点与人生节奏。' },
  { key: 'ziwei', title: '紫微斗数', category: 'fortune', icon_name: 'StarOutlined', color: '#7c3aed', feature: '命宫十二宫 · 星曜解读', description: '以紫微星系为纲，解读命盘十二宫的星曜组合，从传统文化视角看待事业、感情与家庭。' },
  { key: 'liuyao', title: '六爻占卜', category: 'fortune', icon_name: 'ExperimentOutlined', color: '#0f766e', feature: '起卦断事 · 周易智慧', description: '借《周易》六爻之法为一件具体的事起卦，结合卦象与爻辞，帮你换个角度理清思路。' },
  { key: 'qimen', title: '奇门遁甲', category: 'fortune', icon_name: 'AimOutlined', color: '#be123c', feature: '时空格局 · 趋吉避凶', description: '以奇门遁甲的天时、地利、人和格局为参照，为出行、择时与决策提供传统文化层面的参考。' },
  { key: 'general', title: '综合咨询', category: 'fortune', icon_name: 'MessageOutlined', color: '#16a34a', feature: '有问必答 · 温和陪伴', description: '不确定该找谁聊？从这里开始，说说你的困惑，我会陪你一起梳理，并推荐合适的伙伴。' },
  { key: 'love', title: '姻缘情感', category: 'fortune', icon_name: 'HeartOutlined', color: '#db2777', feature: '缘分解读 · 关系经营', description: '从传统命理与现代关系心理两个角度，聊聊缘分、相处与沟通，帮你更好地经营感情。' },
  { key: 'geng', title: '庚金 · 决断', category: 'fortune', icon_name: 'ThunderboltOutlined', color: '#64748b', feature: '庚金之气 · 刚健果决', description: '以庚金刚健果决的意象为主题，陪你面对需要下决心的时刻，理清利弊、坚定行动。' },
  { key: 'xin', title: '辛金 · 精进', category: 'fortune', icon_name: 'FireOutlined', color: '#ca8a04', feature: '辛金之质 · 温润精致', description: '以辛金温润精致的意象为主题，陪你打磨细节、修炼品味，在日常中不断精进自己。' },
  { key: 'ren', title: '壬水 · 格局', category: 'fortune', icon_name: 'CloudOutlined', color: '#0369a1', feature: '壬水之势 · 开阔通达', description: '以壬水奔流开阔的意象为主题，陪你跳出眼前的局限，从更大的格局看待选择与变化。' },
  { key: 'gui', title: '癸水 · 滋养', category: 'fortune', icon_name: 'GlobalOutlined', color: '#0e7490', feature: '癸水之润 · 细腻包容', description: '以癸水润物无声的意象为主题，陪你照顾好自己的情绪与身体，在细微处积蓄力量。' },
  { key: 'legal', title: '法律咨询', category: 'companion', icon_name: 'SafetyCertificateOutlined', color: '#1d4ed8', feature: '法律常识 · 维权指引', description: '用通俗的语言讲解常见法律问题，帮你了解权利义务与维权途径；重要事项请咨询执业律师。' },
  { key: 'psychology', title: '心理陪伴', category: 'companion', icon_name: 'SmileOutlined', color: '#059669', feature: '倾听理解 · 情绪疏导', description: '一个不评判的倾听者，陪你梳理压力与情绪，学习自我调节的方法；不替代专业诊疗。' },
  { key: 'emotional', title: '情感支持', category: 'companion', icon_name: 'TeamOutlined', color: '#e11d48', feature: '温暖陪伴 · 关系困扰', description: '失恋、争吵、孤独或家庭矛盾，都可以在这里说出来，我会耐心陪你走过低落的时候。' },
  { key: 'career', title: '职业规划', category: 'companion', icon_name: 'RocketOutlined', color: '#ea580c', feature: '求职转型 · 职场成长', description: '从自我认知到简历面试、职业转型与职场沟通，陪你一步步规划适合自己的发展路径。' },
  { key: 'learning', title: '学习成长', category: 'companion', icon_name: 'BookOutlined', color: '#4f46e5', feature: '学习方法 · 习惯养成', description: '制定学习计划、讲解知识难点、培养好习惯，做你随时可以提问的学习伙伴。' },
  { key: 'wisdom', title: '人生智慧', category: 'companion', icon_name: 'BulbOutlined', color: '#0d9488', feature: '传统智慧 · 生活哲思', description: '从儒释道与古今哲人的智慧中汲取养分，陪你思考人生选择、得失与内心的安定。' },
] as const;
