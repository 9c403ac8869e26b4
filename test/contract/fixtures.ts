import { emptyFrame, type EvidencePart } from '@app/contracts';

export const DOSING_FRAME = emptyFrame({
  turn_type: 'dosing_calc',
  drugs: ['paracetamol'],
  attribute: 'lieu_luong_cach_dung',
  population: 'pediatric',
  age_text: '5 tuổi',
  weight_kg: 18,
  route: 'uong',
});

export const PART: EvidencePart = {
  doc_id: 'paracetamol__lieu_luong_cach_dung__4',
  drug_id: 'paracetamol',
  drug_name: 'Paracetamol',
  section: 'lieu_luong_cach_dung',
  n: 4,
  text: 'Trẻ em, uống (liều theo cân nặng): 10 - 15 mg/kg mỗi 4 - 6 giờ khi cần; tối đa 60 mg/kg/ngày và không quá 4 g/ngày.',
  population: ['pediatric'],
  route: 'uong',
  interacts_with: [],
  quarantined_page: null,
};
