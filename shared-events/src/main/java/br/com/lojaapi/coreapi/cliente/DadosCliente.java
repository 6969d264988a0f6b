package br.com.lojaapi.coreapi.cliente;

/**
 * A registered customer's data, complete and valid: {@code documento} normalised (digits, and upper-case letters
 * for an alphanumeric CNPJ), {@code tipoDocumento} {@code CPF} or {@code CNPJ}.
 */
public record DadosCliente(String nome,
                           String documento,
                           String tipoDocumento,
                           String email,
                           String telefone,
                           String celular,
                           String cep,
                           String endereco,
                           String numero,
                           String bairro,
                           String cidade,
                           String uf) {
}
